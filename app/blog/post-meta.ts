/** The <head> of a public blog post (docs/requirements/blog-and-documents.md#blog): the site's SEO tags plus BlogPosting JSON-LD. */
import type { MetaDescriptor } from "react-router";

import { site } from "~/config/site";
import { absoluteUrl, pageImage, pageMeta, type PageMetaInput } from "~/lib/seo";

import { postPath } from "./blog-rules";
import type { PostCardData } from "./public-view";

/** `tagline`: the business facts' (the alternative text of the site's Open Graph image, for a post without a cover). */
export function postPageMeta(post: PostCardData, origin: string, links: PageMetaInput["links"] = [], tagline?: string): MetaDescriptor[] {
  const path = postPath(post.slug);
  const image = post.cover ? { path: post.cover.src, alt: post.cover.alt } : undefined;
  return pageMeta({
    tagline,
    title: post.title,
    description: post.summary,
    path,
    origin,
    ogType: "article",
    breadcrumbs: [
      { name: "Blog", path: "/blog" },
      { name: post.title, path },
    ],
    image,
    links,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.summary,
        url: absoluteUrl(origin, path),
        mainEntityOfPage: absoluteUrl(origin, path),
        datePublished: post.publishAt,
        dateModified: post.updatedAt,
        author: { "@type": "Person", name: post.authorName },
        publisher: { "@type": "Organization", "@id": `${absoluteUrl(origin, "/")}#organization`, name: site.brand },
        // Search engines want an image for an article: the cover, or the post's social card
        // (docs/requirements/public-site.md#social-cards).
        image: absoluteUrl(origin, pageImage({ title: post.title, path, image }).path),
        ...(post.tags.length ? { keywords: post.tags.join(", ") } : {}),
        timeRequired: `PT${post.readingMinutes}M`,
      },
    ],
  });
}

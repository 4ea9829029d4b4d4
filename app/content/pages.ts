/** Copy for the overview and utility pages. */
import type { CallToAction, PageSeo } from "./types";

interface SimplePage extends PageSeo {
  headline: string;
  intro: string;
}

export const servicesOverview: SimplePage = {
  title: "IT Services for Indiana & Tennessee",
  description:
    "Twelve services from one local team: managed and co-managed IT, cybersecurity, compliance, cloud, email, VoIP, door access, AV, backup and custom apps.",
  headline: "Everything your business runs on, handled by one local team",
  intro:
    "Pick one service or hand us the whole stack. Every engagement starts with an assessment, and every service comes with the same help desk, the same engineers and one invoice.",
};

export const industriesOverview: SimplePage = {
  title: "Industries We Support",
  description:
    "IT built around how your industry works: healthcare, law, accounting, manufacturing, transportation, construction, non-profits and growing small businesses.",
  headline: "IT that fits the way your industry works",
  intro:
    "A dental office, a law firm and a trucking company do not need the same network. We learn the software, the rules and the busy seasons of your field before we change anything.",
};

export const contactPage: SimplePage = {
  title: "Contact Us: Talk to a Local IT Team",
  description:
    "Tell us what you need in a short form, or call, email or visit one of our seven offices in Indiana and Tennessee. Phone numbers, hours and addresses.",
  headline: "Talk to a real engineer about your IT",
  intro:
    "Tell us what is going on, whether something is broken today or you are planning ahead. A member of our team answers during business hours and calls back the same day.",
};

export const sitemapPage: SimplePage = {
  title: "Sitemap",
  description:
    "Every page on our site in one list: services, industries, local IT support offices in Indiana and Tennessee, company pages and legal documents.",
  headline: "Sitemap",
  intro: "Every public page on this site, grouped by topic.",
};

export const blogPage: SimplePage & { cta: CallToAction; empty: string } = {
  title: "Blog: Practical IT Advice for Small Offices",
  description:
    "Plain-language articles from our engineers on security, backups, cloud, phones and running IT for small businesses in Indiana and Tennessee.",
  headline: "Blog",
  intro: "Practical advice from the engineers who answer our help desk: what to fix first, what it costs, and what can wait.",
  empty: "No posts yet. The first articles are on their way: in the meantime, our engineers are happy to answer questions by phone.",
  cta: {
    title: "Want a second opinion on your IT?",
    text: "Tell us what you are working on. A local engineer reviews it with you, free and without obligation.",
  },
};

export const serverErrorPage: PageSeo = {
  title: "Something went wrong",
  description: "The page could not be shown because of an error on our side. Try again in a minute, or call client support.",
};

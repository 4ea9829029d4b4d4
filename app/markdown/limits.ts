/**
 * The Markdown renderer's limit on its input, shared by the features that store Markdown (the
 * document library, the blog) and their editors. No dependencies: this ships to the admin editor.
 */

/** The longest text the renderer reads (it renders no further); a document's or a post's body is at most this long. */
export const MARKDOWN_MAX = 200_000;

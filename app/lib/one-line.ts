/** Text for one log line: control characters (line breaks, escapes, NUL) become spaces, cut to `max`. */
// eslint-disable-next-line no-control-regex
export const oneLine = (text: string, max = 500): string => text.replace(/[\u0000-\u001f\u007f]+/g, " ").slice(0, max);

import { controlsAsSpaces } from "./control-characters";

/** Text for one log line: control characters (line breaks, escapes, NUL) become spaces, cut to `max`. */
export const oneLine = (text: string, max = 500): string => controlsAsSpaces(text).slice(0, max);

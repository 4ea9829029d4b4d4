/**
 * Control characters (C0, DEL and C1: line breaks, tabs, escapes, NUL), which no name, title,
 * address, tag or password of this site contains: fields of one line refuse them, searches and log
 * lines turn them into spaces, text of many lines keeps only its line breaks and tabs. The one
 * definition, so the lint exemption for control characters in a pattern is written once.
 */
/* eslint-disable no-control-regex */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f]+/g;
/** Every control character but the tab and the line feed (a carriage return is made a line feed first). */
const CONTROLS_BUT_TAB_AND_LINE_FEED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** Every control character but the tab and the line ends (line feed, carriage return). */
const CONTROLS_BUT_TAB_AND_LINE_ENDS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */

export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text);

/** A control character in text of many lines, where tabs and line ends are fine (a message). */
export const hasControlCharacterInText = (text: string): boolean => CONTROLS_BUT_TAB_AND_LINE_ENDS.test(text);

/** `text` with each run of control characters turned into one space (a search, a log line). */
export const controlsAsSpaces = (text: string): string => text.replace(CONTROL_RUNS, " ");

/** `text` without any control character. */
export const withoutControlCharacters = (text: string): string => text.replace(CONTROL_RUNS, "");

/** Text of many lines (a body in Markdown): line ends made "\n", other control characters but tabs removed. */
export const normaliseMultilineText = (text: string): string => text.replace(/\r\n?/g, "\n").replace(CONTROLS_BUT_TAB_AND_LINE_FEED, "");

/** Copying a text with a notice (the team's invite link). */
export { useCopy } from './copy';

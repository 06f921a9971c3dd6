// jsdom cannot choose a file in a file input (it has no DataTransfer to build a FileList from),
// so this puts the file in the input's own list: `new FormData(form)` then reads it as a
// browser does.
// @ts-expect-error jsdom ships no types for its internals
import jsdomUtils from 'jsdom/lib/jsdom/living/generated/utils.js';

interface FileListImpl {
  push(file: unknown): void;
}

const { implForWrapper } = jsdomUtils as { implForWrapper: (wrapper: object) => { files: FileListImpl } };

/** Chooses `file` in the file input, as picking it in the browser's dialog would. */
export function chooseFile(input: HTMLInputElement, file: File): void {
  implForWrapper(input).files.push(implForWrapper(file));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** A small PDF-looking file. */
export const pdf = (name = 'cv.pdf'): File => new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });

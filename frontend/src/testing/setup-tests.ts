import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the encoding API that react-router reads when its module loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// A page's first render loads its route's code (React.lazy); on a loaded CI worker that took over the
// default 1 s of `findBy…` (set-catalog's first test, once in three clean-clone runs).
configure({ asyncUtilTimeout: 5000 });

// The router restores scroll on navigation; jsdom has no layout to scroll and logs an error instead.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// jsdom's Blob has no `arrayBuffer()` (every browser the shop serves has); its FileReader reads the bytes.
if (!Blob.prototype.arrayBuffer) {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}

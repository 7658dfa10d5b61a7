import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the encoding API that react-router reads when its module loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// The router restores scroll on navigation; jsdom has no layout to scroll and logs an error instead.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

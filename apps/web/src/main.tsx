import '@quire/reader/reader.css';
import './styles/global.css';
import { startApp } from './app/start-app.tsx';
import type { ReaderSeed } from './features/view/reader-seed.ts';
import { landTornaLink } from './lib/torna-links.ts';

declare global {
  interface Window {
    /** Set by the light reader entry (reader-main.tsx) when it loads this module to hand its page over. */
    __quireHandover?: { container: HTMLElement; seed: ReaderSeed };
  }
}

// The light reader entry imports this very module rather than start-app.tsx, so both pages share one app
// chunk graph: a second way into the app split the login page's code into more, smaller chunks.
const handover = window.__quireHandover;
const root = handover?.container ?? document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// An old Torna link (`/#/view/<hashid>`) is turned into its Quire address before the router starts.
if (handover) startApp(root, handover.seed);
else void landTornaLink().finally(() => startApp(root));

// Browser entry point: global styles and the React root.
import './zod-jitless.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// Bengali answers and names: Noto Sans Bengali, fetched only for Bengali text (its @font-face rules carry a unicode-range).
import '@fontsource/noto-sans-bengali/400.css';
import '@fontsource/noto-sans-bengali/600.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element.');

// Loaded after zod-jitless.ts has run: the bundler evaluates statically imported chunks before this file's own code,
// and the app's chunks build Zod schemas as they load.
void import('./app/App.tsx').then(({ App }) => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

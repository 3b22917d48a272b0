import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initialLocale, startI18n } from './providers/i18nProvider';

document.documentElement.lang = initialLocale();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The starting language's messages are preloaded with the entry (vite.config.ts), so this waits for no request of its own.
void startI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

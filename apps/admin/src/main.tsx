import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { pickLocale } from './i18n/use-t';
import './styles.css';

const locale = pickLocale();
document.documentElement.lang = locale;
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App locale={locale} />
  </StrictMode>,
);

import { currentLang, loadLanguage } from '../platform/i18n';
import './i18n';
import './card.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CardPage } from './CardPage';

const root = document.getElementById('card-root');
if (!root) throw new Error('#card-root is missing from card.html');

// The page's texts in the browser's language first (the visit's language replaces it once the badge is known).
void loadLanguage(currentLang())
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <CardPage search={window.location.search} />
      </StrictMode>,
    ),
  );

// The web app's entry. For now one page: the roof lab (routes come with react-router later).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RoofLabPage } from './roof-lab/RoofLabPage.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <RoofLabPage />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { createAppInstance } from './app/bootstrap';
import './app/shell.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const app = createAppInstance({
  storage: window.localStorage,
  fetch: window.fetch.bind(window),
  createRouter: (routes) => createBrowserRouter(routes),
  events: window,
});

createRoot(container).render(
  <StrictMode>
    <App app={app} />
  </StrictMode>,
);

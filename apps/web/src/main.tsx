import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { consumeUrlToken } from './lib/url-token';
import './index.css';

// Before the first render, so the token leaves the address bar before any code can read or log it.
consumeUrlToken();
preloadRoute(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

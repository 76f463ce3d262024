import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { paths } from './config/paths';
import { startEarlySessionRequest } from './lib/early-session-request';
import { consumeUrlToken } from './lib/url-token';
import './index.css';

// Before the first render, so the token leaves the address bar before any code can read or log it.
consumeUrlToken();
const pageCode = preloadRoute(window.location.pathname);
// Every page but the landing page checks the session first: ask while its code loads.
if (window.location.pathname !== paths.home) startEarlySessionRequest();

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

// The first render waits for the page's code (nothing would show before it anyway), so the page
// renders in one pass instead of suspending at each layout.
void pageCode.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// The floor page of bench/web.ts: the least a React 19 + Tailwind 4 app built by Vite can ship.
// Plain createElement so it needs no JSX transform and no tsconfig of its own.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import './floor.css';

function Floor() {
  return h(
    'main',
    { className: 'mx-auto max-w-3xl px-6 py-24 text-center' },
    h(
      'h1',
      { className: 'text-4xl font-semibold tracking-tight text-zinc-900 sm:text-5xl' },
      'GitHub and Vercel on one dashboard',
    ),
    h(
      'p',
      { className: 'mt-6 text-lg text-zinc-600' },
      'Repositories, pull requests and deployments in one place, on your own server.',
    ),
  );
}

const container = document.getElementById('root');
if (container) createRoot(container).render(h(Floor));

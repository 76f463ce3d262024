import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, useNavigate, useSearchParams, useLocation, useParams, Outlet, Navigate } from 'react-router';
import { RouterProvider } from 'react-router/dom';
function A(){ const n=useNavigate(); const [s]=useSearchParams(); const l=useLocation(); const p=useParams(); return h('div',null,h(Link,{to:'/x'},'x'+s+l.pathname+p.a), h(Outlet), h('button',{onClick:()=>n('/')}), h(Navigate,{to:'/'}))}
createRoot(document.getElementById('root')).render(h(RouterProvider,{router:createBrowserRouter([{path:'/',Component:A}])}));

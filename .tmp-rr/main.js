import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Routes, Route, Link, useNavigate, useSearchParams, useLocation, useParams, Outlet, Navigate } from 'react-router';
function A(){ const n=useNavigate(); const [s]=useSearchParams(); const l=useLocation(); const p=useParams(); return h('div',null,h(Link,{to:'/x'},'x'+s+l.pathname+p.a), h(Outlet), h('button',{onClick:()=>n('/')}), h(Navigate,{to:'/'}))}
createRoot(document.getElementById('root')).render(h(BrowserRouter,null,h(Routes,null,h(Route,{path:'/',element:h(A)}))));

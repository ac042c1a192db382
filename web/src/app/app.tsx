import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/product';

function Landing() {
  return (
    <main className="p-8">
      <h1 className="text-3xl font-bold">{PRODUCT_NAME}</h1>
      <Link to="/login">Sign In</Link>
    </main>
  );
}

function NotFound() {
  return (
    <main className="p-8">
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
    </main>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Landing />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </BrowserRouter>
  );
}

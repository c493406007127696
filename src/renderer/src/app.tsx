export function App() {
  return (
    <main>
      <h1>Product catalog</h1>
      <p>Version {window.catalog.appVersion}</p>
    </main>
  );
}

// Vite's `?raw` imports (the browser worker bundles Mock.js's source as text).
declare module '*?raw' {
  const text: string;
  export default text;
}

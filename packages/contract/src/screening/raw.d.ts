// A file's text imported whole (Vite's `?raw`): the screening corpus, read by its test.
declare module '*?raw' {
  const text: string;
  export default text;
}

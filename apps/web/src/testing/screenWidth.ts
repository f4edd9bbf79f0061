/**
 * Makes antd's breakpoints see a screen `width` px wide (jsdom matches no media query, which antd reads as a phone);
 * answers the function that puts the stub back.
 */
export function screenWidth(width: number): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { ...original(query), matches };
  }) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

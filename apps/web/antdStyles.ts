import { extractStyle } from '@ant-design/static-style-extract';
import * as antd from 'antd';
import { createElement, type ReactElement } from 'react';
import type { Plugin } from 'vite';
import { consoleTheme } from './src/platform/theme';

/** The stylesheet main.tsx imports: antd's styles with the console's theme, written once at build time. */
const ID = 'virtual:openvisit/antd.css';
const RESOLVED = `\0${ID}.css`;

/**
 * antd draws its components with styles it generates in the browser (CSS-in-JS): on each page load every component
 * type's styles are computed from the theme and inserted as the screen first renders it. The console's theme never
 * changes at run time, so those styles are computed here instead, once per build, with antd's own extractor (every
 * component rendered on the server under the theme), and the console runs antd in its zero-runtime mode
 * (rootProviders.tsx): a page does no style work of its own beyond the theme's variables.
 */
export function antdCss(): string {
  const { ConfigProvider } = antd;
  return extractStyle({
    antdInstance: antd as unknown as Record<string, unknown>,
    // The namespace's interop flag starts with a character that is its own capital, so the extractor takes it for a component.
    excludes: ['__esModule'],
    customTheme: (node: ReactElement) => createElement(ConfigProvider, { theme: consoleTheme }, node),
  });
}

export function antdStylesPlugin(): Plugin {
  let css: string | undefined;
  return {
    name: 'openvisit-antd-styles',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      css ??= antdCss();
      return css;
    },
  };
}

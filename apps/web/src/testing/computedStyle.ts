/**
 * jsdom's getComputedStyle, made affordable for the two properties Testing Library reads on every role query.
 *
 * `getByRole` asks every candidate element and each of its ancestors for `display` and `visibility` (is it hidden?
 * what is its name?). jsdom 29 answers a repeated getComputedStyle by copying the element's whole declaration through
 * its computed getter, which resolves every inherited property by walking the ancestors again: with antd's 1,700 style
 * rules, one call took 150 ms, and a page test with a table spent 20 of its 24 s there. These two values are computed
 * here from the same cascade jsdom keeps (its per-document style cache, read as specified values), inheriting
 * `visibility` as CSS does, memoised until jsdom itself drops that cache (any DOM or style change). Every other
 * property is still read from jsdom's own declaration, made on first use.
 */
type Decl = { _computed: boolean; getPropertyValue(name: string): string };
type DocImpl = { _styleCache: WeakMap<object, Decl> };

/** jsdom keeps a wrapper's implementation under a symbol named "impl". */
function implOf<T>(wrapper: object): T {
  const symbol = Object.getOwnPropertySymbols(wrapper).find((s) => s.description === 'impl');
  if (!symbol) throw new Error('not a jsdom object: the web tests expect jsdom');
  return (wrapper as Record<symbol, T>)[symbol] as T;
}

const INITIAL = { display: 'inline', visibility: 'visible' } as const;
type Fast = keyof typeof INITIAL;
const FAST = new Set<string>(Object.keys(INITIAL));
const KEYWORDS = new Set(['inherit', 'unset', 'initial', 'revert', 'revert-layer']);

export function installFastComputedStyle(real: typeof window.getComputedStyle): typeof window.getComputedStyle {
  let generation: WeakMap<object, Decl> | undefined;
  let memo = new WeakMap<Element, Map<Fast, string>>();

  /** The cascaded value (rules, inline style), before inheritance: what jsdom caches per element. */
  function specified(el: Element, name: Fast): string {
    const doc = implOf<DocImpl>(el.ownerDocument);
    const impl = implOf<object>(el);
    let decl = doc._styleCache.get(impl);
    if (!decl) {
      // The first call for an element prepares and caches its declaration without the costly copy.
      real(el);
      decl = doc._styleCache.get(impl);
      if (!decl) throw new Error('jsdom did not cache the computed style');
    }
    const was = decl._computed;
    decl._computed = false;
    try {
      return decl.getPropertyValue(name).trim();
    } finally {
      decl._computed = was;
    }
  }

  function computed(el: Element, name: Fast): string {
    const cache = implOf<DocImpl>(el.ownerDocument)._styleCache;
    if (cache !== generation) {
      generation = cache;
      memo = new WeakMap();
    }
    const known = memo.get(el)?.get(name);
    if (known !== undefined) return known;
    const value = specified(el, name);
    const parent = el.parentElement;
    const inherits = name === 'visibility';
    const answer =
      value && !KEYWORDS.has(value)
        ? value
        : value === 'inherit' || (inherits && value !== 'initial')
          ? parent
            ? computed(parent, name)
            : INITIAL[name]
          : INITIAL[name];
    const own = memo.get(el) ?? new Map<Fast, string>();
    own.set(name, answer);
    memo.set(el, own);
    return answer;
  }

  return (elt: Element, pseudo?: string | null) => {
    // jsdom computes no pseudo-element styles; antd asks for them when measuring scrollbars.
    if (pseudo) return real(elt);
    let full: CSSStyleDeclaration | undefined;
    const declaration = () => {
      full ??= real(elt);
      return full;
    };
    return new Proxy({} as CSSStyleDeclaration, {
      get(_, key) {
        if (typeof key === 'string' && FAST.has(key)) return computed(elt, key as Fast);
        if (key === 'getPropertyValue')
          return (name: string) => (FAST.has(name) ? computed(elt, name as Fast) : declaration().getPropertyValue(name));
        const value = Reflect.get(declaration(), key);
        return typeof value === 'function' ? value.bind(declaration()) : value;
      },
      has: (_, key) => key in declaration(),
      ownKeys: () => Reflect.ownKeys(declaration()),
      getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(declaration(), key),
    });
  };
}

/** Same keys as the source, every leaf a string: what another language must provide. */
export type DeepStrings<T> = { readonly [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

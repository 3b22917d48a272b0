/** The shape of a catalogue with every text widened to string: each language must fill the same keys. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

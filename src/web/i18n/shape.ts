// The shape a second catalogue must have: the same keys as the Chinese one, every leaf a string.
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Five decimals of a degree: about a metre on the ground, as precise as a placement needs. */
export const formatDegrees = (value: number) => value.toFixed(5);

/** "22.28552, 114.15769". */
export const formatPlace = (latitude: number, longitude: number) =>
  `${formatDegrees(latitude)}, ${formatDegrees(longitude)}`;

/** A length in metres with at most two decimals: "1.5 m". */
export const formatMetres = (value: number) => `${Number(value.toFixed(2))} m`;

/** A position relative to the anchor, in metres: "x 1.5, y 0, z -2 m". */
export const formatPosition = ([x, y, z]: readonly [number, number, number]) =>
  `x ${Number(x.toFixed(2))}, y ${Number(y.toFixed(2))}, z ${Number(z.toFixed(2))} m`;

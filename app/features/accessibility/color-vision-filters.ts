import type { ColorBlindnessMode } from "./accessibility-settings.ts";

/**
 * Colour filters for the colour-blindness setting: real filters, not a label. They correct
 * rather than simulate: a visitor with a colour-vision deficiency gets the colour differences they
 * would miss moved into colours they can tell apart ("daltonizing").
 *
 * For each deficiency, S is Machado, Oliveira & Fernandes' (2009) simulation matrix at full
 * severity, in linear RGB. The error the visitor cannot see, (I − S)·c, is redistributed by E into
 * the channels they can see (Fidaner's daltonize: red–green errors into green and blue;
 * blue–yellow errors into red and green). The whole correction is one linear map,
 * D = I + E·(I − S), which is exactly what an SVG feColorMatrix applies. Rows of S sum to 1, so
 * greys, black and white stay as they are.
 */

type Matrix3 = readonly [readonly [number, number, number], readonly [number, number, number], readonly [number, number, number]];

const simulation: Record<Exclude<ColorBlindnessMode, "none">, Matrix3> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

const redGreenShift: Matrix3 = [
  [0, 0, 0],
  [0.7, 1, 0],
  [0.7, 0, 1],
];
const blueYellowShift: Matrix3 = [
  [1, 0, 0.7],
  [0, 1, 0.7],
  [0, 0, 0],
];

const errorShift: Record<Exclude<ColorBlindnessMode, "none">, Matrix3> = {
  protanopia: redGreenShift,
  deuteranopia: redGreenShift,
  tritanopia: blueYellowShift,
};

const indices = [0, 1, 2] as const;

/** D = I + E·(I − S), as a 3×3 matrix. */
export function correctionMatrix(mode: Exclude<ColorBlindnessMode, "none">): number[][] {
  const s = simulation[mode];
  const e = errorShift[mode];
  const identity = (row: number, column: number) => (row === column ? 1 : 0);
  return indices.map((row) =>
    indices.map(
      (column) => identity(row, column) + indices.reduce<number>((sum, k) => sum + e[row][k] * (identity(k, column) - s[k][column]), 0),
    ),
  );
}

/** The 20 values of an feColorMatrix (RGBA rows, alpha unchanged). */
export function feColorMatrixValues(matrix: number[][]): string {
  const rows = matrix.map((row) => [...row.map((value) => Number(value.toFixed(4))), 0, 0].join(" "));
  return [...rows, "0 0 0 1 0"].join(" ");
}

export const colorFilterId = (mode: Exclude<ColorBlindnessMode, "none">) => `a11y-color-filter-${mode}`;

export const colorFilters = (Object.keys(simulation) as Exclude<ColorBlindnessMode, "none">[]).map((mode) => ({
  mode,
  id: colorFilterId(mode),
  values: feColorMatrixValues(correctionMatrix(mode)),
}));

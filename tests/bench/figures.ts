/** Every benchmark prints its figures as JSON lines, so runs can be compared line by line. */
export type Figure = { bench: string; metric: string; value: number; unit: string };

export function printFigure(figure: Figure): void {
  console.log(JSON.stringify({ ...figure, value: Math.round(figure.value * 100) / 100 }));
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export type Benchmark = { name: string; run(): Promise<Figure[]> };

/** The simulator's report: a markdown page and its ROC plot as a self-contained SVG. */
export interface RocSeries {
  label: string;
  points: { fpr: number; tpr: number }[];
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd'];

/** ROC curves on a logarithmic false-positive axis (1e-4 … 1), where the 1e-3 operating point is visible. */
export function rocSvg(series: RocSeries[], title: string): string {
  const W = 560;
  const H = 420;
  const L = 60;
  const B = 50;
  const T = 30;
  const R = 20;
  const minLog = -4;
  const x = (fpr: number): number => L + ((Math.log10(Math.max(fpr, 10 ** minLog)) - minLog) / -minLog) * (W - L - R);
  const y = (tpr: number): number => H - B - tpr * (H - B - T);
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`);
  parts.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  parts.push(`<text x="${W / 2}" y="18" text-anchor="middle" font-size="14">${escape(title)}</text>`);
  for (let e = minLog; e <= 0; e++) {
    const xx = x(10 ** e);
    parts.push(`<line x1="${xx}" y1="${T}" x2="${xx}" y2="${H - B}" stroke="#ddd"/>`);
    parts.push(`<text x="${xx}" y="${H - B + 16}" text-anchor="middle">1e${e}</text>`);
  }
  for (let k = 0; k <= 4; k++) {
    const yy = y(k / 4);
    parts.push(`<line x1="${L}" y1="${yy}" x2="${W - R}" y2="${yy}" stroke="#ddd"/>`);
    parts.push(`<text x="${L - 6}" y="${yy + 4}" text-anchor="end">${(k / 4).toFixed(2)}</text>`);
  }
  parts.push(`<line x1="${x(1e-3)}" y1="${T}" x2="${x(1e-3)}" y2="${H - B}" stroke="#888" stroke-dasharray="4 3"/>`);
  parts.push(`<text x="${W / 2}" y="${H - 12}" text-anchor="middle">false-positive rate over honest pairs (log scale)</text>`);
  parts.push(
    `<text x="16" y="${(H - B + T) / 2}" text-anchor="middle" transform="rotate(-90 16 ${(H - B + T) / 2})">share of colluding pairs found</text>`,
  );
  series.forEach((s, i) => {
    const pts: string[] = [];
    let prev = { fpr: 0, tpr: 0 };
    for (const p of s.points) {
      // A step curve: first across at the old height, then up.
      pts.push(`${x(p.fpr).toFixed(1)},${y(prev.tpr).toFixed(1)}`, `${x(p.fpr).toFixed(1)},${y(p.tpr).toFixed(1)}`);
      prev = p;
    }
    const c = COLOURS[i % COLOURS.length]!;
    parts.push(`<polyline fill="none" stroke="${c}" stroke-width="2" points="${pts.join(' ')}"/>`);
    parts.push(`<text x="${L + 10}" y="${T + 16 + 16 * i}" fill="${c}">${escape(s.label)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}

export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]): string => `| ${cells.map(String).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

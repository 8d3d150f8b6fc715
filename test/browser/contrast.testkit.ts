import type { Page } from 'playwright-core';

export interface LowContrast {
  text: string;
  ratio: number;
  colour: string;
  background: string;
}

/**
 * Every visible text on the page (or under `scope`) whose contrast with what lies behind it is
 * below WCAG's 4.5:1, from the computed styles: the text's colour with its alpha and the opacity
 * of its ancestors, over the backgrounds stacked behind it down to the first opaque one. Text in
 * a disabled control is left out (WCAG 1.4.3 exempts inactive controls), and so are the card
 * pictures' SVG letters (a card is read by its shape and its accessible name).
 */
export async function lowContrast(page: Page, scope = 'body'): Promise<LowContrast[]> {
  return page.$$eval(scope, (roots) => {
    const root = roots[0]!;
    const doc = root.ownerDocument;
    const win = doc.defaultView!;
    const getComputedStyle = (e: typeof root) => win.getComputedStyle(e);
    type RGBA = [number, number, number, number];
    const parse = (c: string): RGBA => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return [0, 0, 0, 0];
      const p = m[1]!
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
    };
    const over = (top: RGBA, below: RGBA): RGBA => {
      const a = top[3] + below[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i]! * top[3] + below[i]! * below[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = ([r, g, b]: RGBA) => {
      const lin = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const background = (el: typeof root): RGBA => {
      const layers: RGBA[] = [];
      for (let e: typeof root | null = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        const opacity = Number(getComputedStyle(e).opacity);
        if (c[3] > 0) layers.push([c[0], c[1], c[2], c[3] * opacity]);
        if (c[3] * opacity >= 1) break;
      }
      let bg: RGBA = [255, 255, 255, 1];
      for (const layer of layers.reverse()) bg = over(layer, bg);
      return bg;
    };
    const out: { text: string; ratio: number; colour: string; background: string }[] = [];
    const walker = doc.createTreeWalker(root, win.NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el || el.closest('svg, [disabled], option, script, style')) continue;
      const range = doc.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      let opacity = 1;
      for (let e: typeof root | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      if (opacity === 0) continue;
      const bg = background(el);
      const c = parse(style.color);
      const fg = over([c[0], c[1], c[2], c[3] * opacity], bg);
      const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
      const ratio = (hi! + 0.05) / (lo! + 0.05);
      if (ratio < 4.5)
        out.push({
          text: text.slice(0, 60),
          ratio: Math.round(ratio * 100) / 100,
          colour: style.color,
          background: `rgb(${bg.slice(0, 3).map(Math.round).join(',')})`,
        });
    }
    return out;
  });
}

import type { Page } from 'playwright-core';

/** One text of the page and how it reads: its contrast with what is drawn behind it (the worst spot). */
export interface TextContrast {
  text: string;
  ratio: number;
  color: string;
  background: string;
}

/**
 * The contrast of every visible text under `selector`, as drawn now (the page's media, colour
 * scheme and theme): each element with text of its own, its colour laid over the backgrounds of
 * its ancestors from the page down (colours, and the colours of gradients, each a spot the text
 * may sit on), measured as WCAG does (relative luminance), once transitions have ended. Lowest first. Disabled controls are left
 * out (WCAG does not ask it of them), as is text hidden, clipped to nothing or transparent.
 */
export function textContrasts(page: Page, selector: string): Promise<TextContrast[]> {
  return page.evaluate(async (rootSelector) => {
    // Colours as they end, not halfway through a transition (a theme change fades a button's text).
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));

    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba[] =>
      [...value.matchAll(/rgba?\(([^)]+)\)/g)].map((m) => {
        const parts = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
        return [parts[0], parts[1], parts[2], parts[3] ?? 1];
      });
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i] * a + below[i] * (1 - a)).concat(1) as Rgba;
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light + 0.05) / (dark + 0.05);
    };
    const css = ([r, g, b]: Rgba) => `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;

    /** The spots an element's text may sit on: the backgrounds from the page down to it. */
    const backgroundsOf = (element: Element): Rgba[] => {
      const chain: Element[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) chain.unshift(node);
      let spots: Rgba[] = [[255, 255, 255, 1]];
      for (const node of chain) {
        const style = getComputedStyle(node);
        const [color] = parse(style.backgroundColor);
        if (color && color[3] > 0) spots = spots.map((spot) => over(color, spot));
        if (style.backgroundImage.includes('gradient')) {
          const stops = parse(style.backgroundImage);
          if (stops.length) spots = spots.flatMap((spot) => stops.map((stop) => over(stop, spot)));
        }
        spots = [...new Map(spots.map((spot) => [css(spot), spot])).values()];
      }
      return spots;
    };

    const root = document.querySelector(rootSelector);
    if (!root) throw new Error(`nothing matches ${rootSelector}`);
    const results: { text: string; ratio: number; color: string; background: string }[] = [];
    for (const element of [root, ...root.querySelectorAll('*')]) {
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!own) continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (style.visibility !== 'visible' || style.display === 'none' || box.width <= 1 || box.height <= 1) continue;
      if (element.closest('[aria-hidden=true], [aria-disabled=true], :disabled, .Mui-disabled')) continue;
      if (Number(style.opacity) === 0) continue;
      const [color] = parse(style.color);
      if (!color || color[3] === 0) continue;
      let worst: { ratio: number; background: string } | null = null;
      for (const spot of backgroundsOf(element)) {
        const measured = ratio(over(color, spot), spot);
        if (!worst || measured < worst.ratio) worst = { ratio: measured, background: css(spot) };
      }
      results.push({ text: own.slice(0, 60), ratio: Math.round(worst!.ratio * 100) / 100, color: style.color, background: worst!.background });
    }
    return results.sort((a, b) => a.ratio - b.ratio);
  }, selector);
}

/** The texts under `selector` that read below `minimum` (WCAG AA body text: 4.5:1), with how many were measured. */
export async function weakTexts(page: Page, selector: string, minimum = 4.5) {
  const measured = await textContrasts(page, selector);
  return { count: measured.length, weak: measured.filter((m) => m.ratio < minimum), lowest: measured[0] };
}

import { describe, expect, it } from 'vitest';
import { detectColorEmbedded } from '../../src/services/vision/embeddedColor';
import { BACKDROP_NAMES, BODY_COLORS, carPhoto } from '../support/carImages';

describe('the embedded colour detector', () => {
  it('names the body colour of at least 90% of 40 synthetic car photos', async () => {
    const misses: string[] = [];
    let total = 0;
    for (const color of Object.keys(BODY_COLORS)) {
      for (const [i, backdrop] of BACKDROP_NAMES.entries()) {
        total++;
        const found = await detectColorEmbedded(await carPhoto(color, backdrop, (i - 1.5) * 20));
        if (found !== color) misses.push(`${color} on ${backdrop} → ${found}`);
      }
    }
    const accuracy = (total - misses.length) / total;
    console.log(`embedded colour detector: ${(accuracy * 100).toFixed(1)}% of ${total}${misses.length ? `; missed: ${misses.join(', ')}` : ''}`);
    expect(total).toBeGreaterThanOrEqual(30);
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('names a red car on a white or grey backdrop Red', async () => {
    expect(await detectColorEmbedded(await carPhoto('Red', 'studio'))).toBe('Red');
    expect(await detectColorEmbedded(await carPhoto('Red', 'wall'))).toBe('Red');
  });
});

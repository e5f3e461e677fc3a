import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import { CAR_COLOR_NAMES, type CarColor } from './colors';
import type { OllamaVision } from './ollamaVision';

export const ColorAnswer = z.object({ color: z.enum(CAR_COLOR_NAMES as [CarColor, ...CarColor[]]) });

export const DamageAnswer = z.object({
  damagedPanels: z.array(z.string().max(100)).max(30),
  severity: z.enum(['none', 'minor', 'moderate', 'severe']),
  fitToShip: z.boolean(),
  summaryEn: z.string().min(1).max(5000),
  summaryAr: z.string().min(1).max(5000),
});
export type DamageFindings = z.output<typeof DamageAnswer>;

const TranslationAnswer = z.object({ arabic: z.string().min(1).max(5000) });

const COLOR_PROMPT = `What is the body paint colour of the car in this photo? Ignore the background, sky, road, shadows, reflections, windows and tyres. Answer with one of: ${CAR_COLOR_NAMES.join(', ')}.`;

const DAMAGE_PROMPT = `You are inspecting a used car before it is shipped overseas. Look at every photo.
List each damaged body panel (for example: front bumper, hood, left front door), judge the overall severity (none, minor, moderate, severe), and say whether the car is fit to ship as it is.
Write a short report in English (summaryEn) and the same report in Arabic (summaryAr, in Arabic script).`;

/** Mostly Arabic letters: the model sometimes answers "Arabic" in Latin letters or in English. */
export function isArabicScript(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  const arabic = letters.filter((c) => /\p{Script=Arabic}/u.test(c)).length;
  return letters.length > 0 && arabic / letters.length >= 0.6;
}

export async function askColor(vision: OllamaVision, image: Buffer): Promise<CarColor> {
  return (await vision.ask(ColorAnswer, COLOR_PROMPT, [image])).color;
}

export function formatFindings(f: DamageFindings, lang: 'en' | 'ar'): string {
  const panels = f.damagedPanels.length ? f.damagedPanels.join(', ') : lang === 'en' ? 'none' : 'لا يوجد';
  return lang === 'en'
    ? `${f.summaryEn}\n\nDamaged panels: ${panels}\nSeverity: ${f.severity}\nFit to ship as is: ${f.fitToShip ? 'yes' : 'no'}`
    : f.summaryAr;
}

/** The damage report in both languages; a second call translates when the Arabic is not Arabic. */
export async function analyseDamage(vision: OllamaVision, images: Buffer[]): Promise<{ en: string; ar: string; findings: DamageFindings }> {
  const findings = await vision.ask(DamageAnswer, DAMAGE_PROMPT, images);
  let arabic = findings.summaryAr;
  if (!isArabicScript(arabic)) {
    arabic = (await vision.ask(TranslationAnswer, `Translate this car inspection report into Arabic, in Arabic script:\n\n${findings.summaryEn}`)).arabic;
    if (!isArabicScript(arabic)) throw new DomainError('dependencyFailed', 'service.unavailable', 'The AI model did not write the Arabic report in Arabic. Try again.');
  }
  return { en: formatFindings(findings, 'en'), ar: arabic, findings };
}

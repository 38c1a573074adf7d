import { describe, expect, it } from 'vitest';
import { greeting, greetingForHour } from './greeting';

describe('dashboard greeting by 4-hour blocks', () => {
  it.each([
    [0, 'Working late'],
    [3, 'Working late'],
    [4, 'Good early morning'],
    [7, 'Good early morning'],
    [8, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [15, 'Good afternoon'],
    [16, 'Good evening'],
    [19, 'Good evening'],
    [20, 'Good night'],
    [23, 'Good night'],
  ])('hour %i greets with "%s"', (hour, text) => {
    expect(greetingForHour(hour)).toBe(text);
  });

  it('adds the first name', () => {
    expect(greeting('Ana', new Date(2025, 0, 1, 9, 30))).toBe('Good morning, Ana');
  });

  it('omits a blank name', () => {
    expect(greeting('  ', new Date(2025, 0, 1, 13))).toBe('Good afternoon');
    expect(greeting(null, new Date(2025, 0, 1, 21))).toBe('Good night');
  });
});

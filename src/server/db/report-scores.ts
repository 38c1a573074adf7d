import { sql } from 'drizzle-orm';
import { reports } from './schema.js';

/** A stored report's overall score and grade, read from its result (JSON), for the lists that show them. */
export function reportOverall() {
  return {
    score: sql<number | null>`(${reports.result}->>'overallScore')::int`,
    grade: sql<string | null>`${reports.result}->>'overallScoreGrade'`,
  };
}

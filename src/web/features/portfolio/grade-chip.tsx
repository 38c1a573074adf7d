import type { Grade } from '../../../shared/scoring';
import { cn } from '../../components/ui/cn';
import { GRADE_CLASSES, gradeLabel } from '../../entities/report/report-format';
import { t } from '../../lib/i18n';

/** A grade letter in its colour, its meaning as the accessible name. */
export function GradeChip({ grade, size = 'sm' }: { grade: Grade; size?: 'sm' | 'md' }) {
  return (
    <span
      role="img"
      aria-label={t('portfolio.grade.chip', { grade, label: gradeLabel(grade) })}
      title={gradeLabel(grade)}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-lg font-bold',
        size === 'sm' ? 'size-7 text-sm' : 'size-10 text-lg',
        GRADE_CLASSES[grade].badge,
      )}
    >
      {grade}
    </span>
  );
}

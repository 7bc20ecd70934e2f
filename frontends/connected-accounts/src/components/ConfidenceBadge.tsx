import { Badge } from '@paycadence/web-kit';
import { confidenceTone, percent } from '../model/format.js';

/** docs/product/signed-in.md §5 confidence colours, with the number shown (never the colour alone). */
export function ConfidenceBadge({ value, label = 'confidence' }: { value: number; label?: string }) {
  return (
    <Badge tone={confidenceTone(value)} className="ca-confidence">
      {percent(value)} {label}
    </Badge>
  );
}

/**
 * One line of text cut with an ellipsis where its box ends, the whole of it in the tooltip.
 * `fullText` is for a cell that shows a preview (a description cut to 50 characters) but should
 * still offer the complete text on hover; `className` sets the width (max-w-xs unless told).
 */
export function TruncatedText({ text, fullText = text, className = 'max-w-xs' }: { text: string; fullText?: string; className?: string }) {
  return (
    <span className={`block truncate ${className}`} title={fullText}>
      {text}
    </span>
  );
}

import { emojiPicture } from "./emoji";

/**
 * One emoji as the picker, the editor and a published post show it: its picture when it is one of
 * the grid's, sized to the text around it; otherwise the character. Decorative: the element around
 * it says its name.
 */
export function EmojiGlyph({ emoji }: { emoji: string }) {
  const src = emojiPicture(emoji);
  if (!src) return <>{emoji}</>;
  return (
    <img
      src={src}
      alt=""
      width={18}
      height={18}
      draggable={false}
      className="inline-block size-[1.2em] align-[-0.2em]"
    />
  );
}

/**
 * The floating envelope that leads to /contact (bottom right, md and up; the breakpoint is
 * in style/islands.css). A plain link, so it works without JavaScript.
 */
export default function ContactButton() {
  return (
    <a className="isl-contact-button" href="/contact" aria-label="Contact us">
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="m3 7 9 6 9-6" />
      </svg>
    </a>
  );
}

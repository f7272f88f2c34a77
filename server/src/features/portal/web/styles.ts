import { DESIGN_TOKENS_CSS } from "../../../../../packages/shared/src/design-tokens.js";

// The portal's look: the design tokens the dashboard shares (system fonts, light and dark from the
// visitor's system), readable at 375 px.

export const PORTAL_STYLES = `${DESIGN_TOKENS_CSS}
:root {
  --button: var(--accent);
  --button-fg: var(--accent-fg);
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); }
a { color: var(--accent); }
.skip { position: absolute; inset-inline-start: -10000px; }
.skip:focus { inset-inline-start: 1rem; top: 1rem; padding: 0.5rem 1rem; background: var(--bg); z-index: 10; }
.in-widget .top, .in-widget .bottom, .in-widget .skip { display: none; }
.top { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; padding: 0.8rem 1rem; border-bottom: 1px solid var(--line); }
.brand img { height: 2rem; width: auto; vertical-align: middle; margin-inline-end: 0.5rem; }
.brand { font-weight: 700; font-size: 1.15rem; color: var(--fg); text-decoration: none; }
.top ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin: 0; padding: 0; list-style: none; }
.top a[aria-current="page"] { font-weight: 700; color: var(--fg); }
main { max-width: 52rem; margin: 0 auto; padding: 1rem; overflow-wrap: anywhere; }
main.wide, main.wide + .bottom { max-width: 90rem; }
main:focus { outline: none; }
.bottom { max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: var(--muted); font-size: 0.85rem; display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; justify-content: space-between; }
.bottom p { margin: 0; }
form.language { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0; }
form.language select, form.language button { font-size: 0.85rem; padding: 0.25rem 0.5rem; }
h1 { margin: 0.6rem 0; line-height: 1.2; }
.muted { color: var(--muted); }
.lede { color: var(--muted); margin-top: 0; }
.boards, .posts, .comments, .replies, .entries, .column ul { list-style: none; margin: 0; padding: 0; }
.boards li { padding: 0.8rem 0; border-bottom: 1px solid var(--line); }
.boards a { font-weight: 600; font-size: 1.05rem; }
.boards p { margin: 0.2rem 0 0; color: var(--muted); }
.post { display: flex; gap: 0.9rem; padding: 0.75rem 0; border-bottom: 1px solid var(--line); }
.count { flex: none; min-width: 3.2rem; padding: 0.3rem; border: 1px solid var(--line); border-radius: 6px; text-align: center; line-height: 1.2; }
.count strong { display: block; font-size: 1.1rem; }
.count span { font-size: 0.75rem; color: var(--muted); white-space: nowrap; }
.post h2, .post h3 { margin: 0; font-size: 1.05rem; }
.post p { margin: 0.2rem 0 0; color: var(--muted); font-size: 0.9rem; }
.badge { display: inline-block; padding: 0 0.45rem; border: 1px solid var(--line); border-radius: 999px; font-size: 0.8rem; white-space: nowrap; color: var(--fg); }
.badge.active { color: var(--accent); border-color: var(--accent); }
.badge.complete { color: var(--good); border-color: var(--good); }
form.filters { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; margin: 1rem 0; }
form.filters .field { display: flex; flex-direction: column; gap: 0.25rem; }
form.filters input, form.filters select { box-sizing: border-box; height: 2.5rem; }
.field { display: grid; gap: 0.2rem; }
label { font-weight: 600; font-size: 0.9rem; }
input, select, textarea, button { font: inherit; }
input, select, textarea { max-width: 100%; padding: 0.45rem 0.6rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
button, .button { display: inline-block; padding: 0.45rem 0.9rem; border: 1px solid var(--button); border-radius: 6px; background: var(--button); color: var(--button-fg); font-weight: 600; cursor: pointer; text-decoration: none; }
button.secondary, .button.secondary { background: none; color: var(--accent); border-color: var(--accent); }
.sorts { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0; padding: 0; list-style: none; }
.sorts a { display: inline-block; padding: 0.2rem 0.7rem; border: 1px solid var(--line); border-radius: 999px; text-decoration: none; color: var(--fg); }
.sorts a[aria-current="page"] { border-color: var(--accent); color: var(--accent); font-weight: 700; }
.pager { margin: 1.2rem 0; }
.empty { padding: 2rem 0; color: var(--muted); }
.markdown img { max-width: 100%; }
.markdown pre { overflow-x: auto; padding: 0.6rem; background: var(--soft); border-radius: 6px; }
/* What a team writes in markdown stays below the page's own headings (an entry's title is an h2). */
.markdown h1, .markdown h2 { font-size: 1.1rem; margin: 1rem 0 0.4rem; }
.markdown h3, .markdown h4, .markdown h5, .markdown h6 { font-size: 1rem; margin: 0.8rem 0 0.3rem; }
.markdown blockquote { margin: 0.6rem 0; padding-block: 0.1rem; padding-inline: 0.9rem 0; border-inline-start: 3px solid var(--line); color: var(--muted); }
.post-head { display: flex; gap: 1rem; align-items: flex-start; }
.meta { color: var(--muted); font-size: 0.9rem; }
.notice { padding: 0.7rem 1rem; border: 1px solid var(--accent); border-radius: 8px; }
.comment { padding: 0.7rem 0; border-bottom: 1px solid var(--line); }
.comment .markdown p:first-child { margin-top: 0.2rem; }
.replies { margin-inline-start: 1.2rem; border-inline-start: 2px solid var(--line); padding-inline-start: 0.8rem; }
/* The team's columns side by side, sharing the width (six fit at 1280 px); more than fit scroll
   sideways inside the board, never wrapping below it. On a phone they stack, one after another. */
.roadmap { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(12rem, 1fr); gap: 1rem; overflow-x: auto; padding-bottom: 0.5rem; align-items: start; }
@media (max-width: 40rem) { .roadmap { grid-auto-flow: row; grid-auto-columns: auto; overflow-x: visible; } }
/* Break a title between words, and inside one only when it is longer than the column. */
.roadmap { overflow-wrap: break-word; }
.column h3 { hyphens: auto; }
.count strong { white-space: nowrap; }
.column { padding: 0.5rem 0.8rem; border: 1px solid var(--line); border-radius: 8px; }
.column h2 { font-size: 1.05rem; margin: 0.3rem 0 0.6rem; }
.column li { padding: 0.45rem 0; border-bottom: 1px solid var(--line); }
/* A narrow column: the count as tall as its number, beside a title that may wrap. */
.column .post { align-items: flex-start; gap: 0.6rem; }
.column .count { min-width: 2.6rem; }
.column h3 { font-size: 0.98rem; }
.entry { padding: 1rem 0; border-bottom: 1px solid var(--line); }
.entry h2 { margin: 0.3rem 0; }
.account, .account form { display: flex; flex-wrap: wrap; gap: 0.6rem; align-items: center; margin: 0; }
.account { margin-inline-start: auto; }
/* A phone's header: the new idea and signing in or out share one row under the navigation. */
@media (max-width: 600px) { .account { margin-inline-start: 0; width: 100%; justify-content: space-between; } }
@media (max-width: 420px) { .account form span { display: none; } }
.vote { margin: 0; }
.vote button.count { display: block; background: var(--bg); color: var(--fg); border: 1px solid var(--line); font-weight: 400; padding: 0.3rem; }
.vote button.count span { color: var(--muted); }
.vote button.count.voted { border-color: var(--button); background: var(--button); color: var(--button-fg); }
.vote button.count.voted span { color: var(--button-fg); }
.comment-form, form.submit { display: grid; gap: 0.35rem; margin: 1rem 0; }
.comment-form button, form.submit button { justify-self: start; }
.follow { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem 1rem; margin: 1rem 0; }
.follow .muted { flex: 1 1 16rem; font-size: 0.9rem; }
.follow button[aria-pressed="true"] { background: var(--button); color: var(--button-fg); }
li.followed { display: flex; justify-content: space-between; align-items: center; gap: 0.5rem 1rem; padding: 0.6rem 0; border-bottom: 1px solid var(--line); }
li.followed button { white-space: nowrap; overflow-wrap: normal; }
details.reply { margin: 0.2rem 0 0.6rem; }
details.reply summary { cursor: pointer; color: var(--accent); }
.error { color: #b42318; }
@media (prefers-color-scheme: dark) { .error { color: #ff8a7a; } }
textarea { width: 100%; }
form.submit input { width: 100%; }
.similar { padding: 0.5rem 0.8rem; border: 1px dashed var(--line); border-radius: 8px; }
.new-idea { margin: 0.5rem 0 0.9rem; }
`;

export default function Placeholder() {
  return <p>Coming soon.</p>;
}

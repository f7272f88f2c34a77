// The <option>s of a select from a list of named things (boards, statuses, members…).

export function Options({ items }: { items: readonly { id: string; name: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}

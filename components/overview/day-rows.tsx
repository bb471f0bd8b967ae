"use client";

/**
 * The "Figures per day" table's rows (up to 90 days), drawn from their texts, which the server has
 * already written in the member's words: the page's flight data carries a row as a short list of
 * strings rather than as its elements. `[day, day label, ...cells]`.
 */
export function DayRows({ rows }: { rows: readonly (readonly string[])[] }) {
  return rows.map(([day, label, ...cells]) => (
    <tr key={day} data-day={day}>
      <th scope="row">{label}</th>
      {cells.map((c, i) => (
        <td key={i}>{c}</td>
      ))}
    </tr>
  ));
}

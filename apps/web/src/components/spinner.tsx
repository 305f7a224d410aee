export function Spinner({ label, size = 40 }: { label?: string; size?: number }) {
  return (
    <span className="spinner" role={label ? 'status' : undefined} style={{ width: size, height: size }}>
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}

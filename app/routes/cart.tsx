// Placeholder: replaced by the page's implementation.
export default function Page() {
  return <h1 className="container-page py-10 text-2xl">cart</h1>;
}

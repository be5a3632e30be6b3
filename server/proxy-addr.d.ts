// proxy-addr (Express's own dependency) ships no types: the one function we call.
declare module "proxy-addr" {
  const proxyaddr: {
    compile(ranges: string[]): (address: string, hop: number) => boolean;
  };
  export default proxyaddr;
}

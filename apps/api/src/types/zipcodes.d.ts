declare module 'zipcodes' {
  interface ZipCodeInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    codes: Record<string, ZipCodeInfo>;
    lookup(zip: string | number): ZipCodeInfo | undefined;
  };
  export default zipcodes;
}

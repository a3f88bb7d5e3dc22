func benchmarkPlaces() throws {}

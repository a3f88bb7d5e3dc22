// The site's map (issue 16 §1, T9): the angler's spots and catches, clustered, and what is at a
// clicked point. Loaded as a file (the Content-Security-Policy allows no inline script); every
// text comes from the page's data- attributes and is set as text, never as markup.
(function () {
  "use strict";
  var element = document.getElementById("map");
  if (!element || !window.L) return;
  var text = element.dataset;

  function line(parent, content, tag) {
    var node = document.createElement(tag || "div");
    node.textContent = content;
    parent.appendChild(node);
    return node;
  }

  function popup(title, details, link) {
    var box = document.createElement("div");
    line(box, title, "strong");
    details.forEach(function (detail) { line(box, detail); });
    if (link) {
      var anchor = line(box, text.textOpen, "a");
      anchor.href = link;
    }
    return box;
  }

  // A view named in the address (#LAT,LON,ZOOM) opens there; otherwise the map shows the spots.
  var named = /^#(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?),(\d{1,2})$/.exec(window.location.hash);
  // Its own zoom range: a pack layer's (from zoom 6) must not narrow the map's.
  var map = L.map(element, { worldCopyJump: true, minZoom: 2, maxZoom: 19 });
  if (named) {
    map.setView([Math.max(-85, Math.min(85, +named[1])), +named[2]], Math.min(19, +named[3]));
  } else {
    map.setView([56, 37], 4);
  }
  if (text.tiles) {
    L.tileLayer(text.tiles, { maxZoom: 19, attribution: text.attribution }).addTo(map);
  } else {
    map.attributionControl.addAttribution(text.attribution);
  }
  // The portal's offline packs, drawn by the portal over the background where each reaches
  // (issue 15): they show without the internet.
  JSON.parse(text.packs || "[]").forEach(function (pack) {
    var b = pack.bounds;
    L.tileLayer(pack.urlTemplate, {
      bounds: [[b[1], b[0]], [b[3], b[2]]], minZoom: pack.minZoom, maxZoom: pack.maxZoom,
      attribution: pack.attribution
    }).addTo(map);
  });
  var cluster = L.markerClusterGroup();
  map.addLayer(cluster);

  fetch(text.data, { credentials: "same-origin" })
    .then(function (response) { return response.json(); })
    .then(function (data) {
      var bounds = [];
      data.spots.forEach(function (spot) {
        var marker = L.marker([spot.latitude, spot.longitude], { title: spot.name, alt: spot.name });
        marker.bindPopup(popup(spot.name, [text.textSpot + " · " + spot.trips + " " + text.textTrips], spot.url));
        cluster.addLayer(marker);
        bounds.push([spot.latitude, spot.longitude]);
      });
      data.catches.forEach(function (caught) {
        var icon = L.divIcon({ className: "catch-marker", html: "", iconSize: [18, 18] });
        var marker = L.marker([caught.latitude, caught.longitude], { icon: icon, title: caught.species, alt: caught.species });
        marker.bindPopup(popup(caught.species, [text.textCatch + " · " + caught.time], caught.url));
        cluster.addLayer(marker);
      });
      if (bounds.length && !named) map.fitBounds(bounds, { padding: [30, 30], maxZoom: 13 });
      element.dataset.loaded = String(data.spots.length + data.catches.length);
    });

  map.on("click", function (event) {
    var query = "?lat=" + event.latlng.lat.toFixed(6) + "&lon=" + L.Util.wrapNum(event.latlng.lng, [-180, 180], true).toFixed(6);
    fetch(text.point + query, { credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (point) {
        var details = [point.coordinates];
        if (point.place) details.push(point.place);
        if (point.nearestSpot) {
          details.push(text.textNearest + ": " + point.nearestSpot.name + " · " + point.nearestSpot.distanceKm + " " + text.textKm);
        }
        L.popup().setLatLng(event.latlng).setContent(popup(text.textPoint, details, null)).openOn(map);
        element.dataset.point = point.coordinates;
      });
  });
})();

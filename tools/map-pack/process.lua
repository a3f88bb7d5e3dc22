-- The Hobby Story's offline map (issue 15 §2): which OpenStreetMap features go into which layer of
-- a pack, for anglers — water first, the roads and tracks that lead to it, the places to name,
-- and the landmarks that matter on a fishing trip. Read by tilemaker with config.json.

node_keys = { "place", "leisure", "amenity", "man_made" }

-- Roads by class: the zoom each first appears at.
local road_zoom = {
  motorway = 7, trunk = 7, primary = 8, secondary = 9, tertiary = 10,
  motorway_link = 10, trunk_link = 10, primary_link = 11, secondary_link = 11, tertiary_link = 12,
  unclassified = 11, residential = 12, living_street = 13, service = 13, road = 12,
  track = 12, path = 13, footway = 14, cycleway = 13, bridleway = 13, steps = 14,
}

local place_zoom = { city = 6, town = 8, village = 10, hamlet = 12, isolated_dwelling = 13, locality = 13 }

local landmarks = {
  leisure = { slipway = true, fishing = true, marina = true },
  amenity = { parking = true, fuel = true, shelter = true, toilets = true, drinking_water = true },
  man_made = { pier = true },
}

local water_areas = { water = true, bay = true }
local landcover_classes = { forest = "forest", wood = "forest", wetland = "wetland", grassland = "grass",
  meadow = "grass", scrub = "scrub", heath = "scrub" }

function init_function() end
function exit_function() end

local function landmark_class(object)
  for key, classes in pairs(landmarks) do
    local value = object:Find(key)
    if classes[value] then return value end
  end
  return nil
end

function node_function(node)
  local place = node:Find("place")
  if place_zoom[place] then
    node:Layer("place", false)
    node:Attribute("class", place)
    node:Attribute("name", node:Find("name"))
    node:Attribute("name_ru", node:Find("name:ru"))
    node:MinZoom(place_zoom[place])
    return
  end
  local landmark = landmark_class(node)
  if landmark then
    node:Layer("poi", false)
    node:Attribute("class", landmark)
    node:Attribute("name", node:Find("name"))
  end
end

function way_function(way)
  local highway = way:Find("highway")
  local waterway = way:Find("waterway")
  local natural = way:Find("natural")
  local landuse = way:Find("landuse")
  local closed = way:IsClosed()

  if road_zoom[highway] and way:Find("area") ~= "yes" then
    way:Layer("transportation", false)
    way:Attribute("class", highway)
    way:Attribute("name", way:Find("name"))
    if way:Find("oneway") == "yes" then way:AttributeNumeric("oneway", 1) end
    way:MinZoom(road_zoom[highway])
  end

  if waterway == "river" or waterway == "stream" or waterway == "canal" or waterway == "drain" then
    way:Layer("waterway", false)
    way:Attribute("class", waterway)
    way:Attribute("name", way:Find("name"))
    if waterway ~= "river" then way:MinZoom(12) end
  end

  if closed and (water_areas[natural] or waterway == "riverbank" or landuse == "reservoir" or landuse == "basin") then
    way:Layer("water", true)
    way:Attribute("class", natural ~= "" and natural or (landuse ~= "" and landuse or "river"))
    way:Attribute("name", way:Find("name"))
  end

  local cover = landcover_classes[natural] or landcover_classes[landuse]
  if closed and cover then
    way:Layer("landcover", true)
    way:Attribute("class", cover)
  end

  local landmark = landmark_class(way)
  if landmark then
    way:LayerAsCentroid("poi")
    way:Attribute("class", landmark)
    way:Attribute("name", way:Find("name"))
  end
end
